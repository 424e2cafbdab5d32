"""Lessons that travel: a lesson notebook for any town, in any language the charts speak.

``new_lesson(path, city, language=…)`` writes one; ``Lesson`` is what that notebook runs.
"""

from mapsnb.lessons._lesson import LESSON_LANGUAGES, Lesson, NoAnswer
from mapsnb.lessons._notebook import lesson_notebook, new_lesson

__all__ = ["LESSON_LANGUAGES", "Lesson", "NoAnswer", "lesson_notebook", "new_lesson"]
