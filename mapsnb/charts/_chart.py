"""What every chart function returns: :class:`Chart`, the Axes of all its panels and their figure.

A chart is a sequence of Axes (``chart[0]``, ``len(chart)``, ``for ax in chart``) whose other
attributes are those of its first panel, so code written for one Axes (``ax.figure``,
``ax.get_title()``) keeps working. As a notebook cell's last line it shows its figure once (a PNG),
never ``<Axes: …>`` text above it. matplotlib is imported on first use.

What a chart function drew beside an Axes (the precipitation axis of :func:`plot_weather`) is
kept in a registry keyed by the Axes, never as an attribute of matplotlib's objects:
:func:`precip_axes` reads it, ``chart.precip_ax`` for the first panel.
"""

from __future__ import annotations

import io
import weakref
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["Chart", "precip_axes"]

#: Per Axes, the precipitation-probability axis :func:`plot_weather` drew beside it (held weakly
#: both ways: the figure keeps its Axes, an entry goes with them).
_PRECIP: weakref.WeakKeyDictionary[Axes, weakref.ref[Axes]] = weakref.WeakKeyDictionary()


def remember_precip(ax: Axes, twin: Axes) -> None:
    """Record ``twin`` as the precipitation-probability axis drawn beside ``ax``."""
    _PRECIP[ax] = weakref.ref(twin)


def precip_axes(ax: Axes | Chart) -> Axes | None:
    """Return the precipitation-probability axis :func:`~mapsnb.charts.plot_weather` drew by ``ax``.

    ``ax`` is a panel of its chart (a chart means its first panel); ``None`` when there is none.
    """
    twin = _PRECIP.get(ax[0] if isinstance(ax, Chart) else ax)
    return twin() if twin is not None else None


#: Backends that show figures themselves (windows, widgets): a chart adds no PNG of its own there.
_SELF_SHOWING = ("qt", "tk", "gtk", "wx", "macosx", "nbagg", "ipympl", "widget", "webagg")


class Chart(Sequence["Axes"]):
    """The panels a chart function drew: a sequence of matplotlib Axes (one per panel).

    ``chart.figure`` is their figure, ``chart.axes`` the tuple of Axes; any other attribute is
    the first panel's (``chart.get_title()``, ``chart.lines``), as when the functions returned
    one Axes. In Jupyter a chart as a cell's last line displays its figure once, as a PNG (and
    takes it off pyplot's list, so the inline backend does not draw it a second time); for print,
    ``chart.figure.savefig("chart.pdf")``.
    """

    __slots__ = ("_axes",)
    _axes: tuple[Axes, ...]

    def __init__(self, axes: Sequence[Axes]) -> None:
        if not axes:
            raise ValueError("a chart has at least one panel")
        object.__setattr__(self, "_axes", tuple(axes))

    @property
    def axes(self) -> tuple[Axes, ...]:
        """Every panel's Axes, in reading order (left to right, top to bottom)."""
        return self._axes

    @property
    def precip_ax(self) -> Axes | None:
        """The first panel's precipitation-probability axis (:func:`precip_axes`), or ``None``."""
        return precip_axes(self._axes[0])

    @property
    def mapsnb_precip_ax(self) -> Axes | None:
        """The first panel's precipitation-probability axis (the name before ``precip_ax``)."""
        return self.precip_ax

    @property
    def figure(self) -> Figure:
        """The figure the panels are drawn on."""
        figure = self._axes[0].get_figure(root=True)
        assert figure is not None
        return figure

    @overload
    def __getitem__(self, index: int) -> Axes: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Axes]: ...
    def __getitem__(self, index: int | slice) -> Axes | Sequence[Axes]:
        return self._axes[index]

    def __len__(self) -> int:
        return len(self._axes)

    def __iter__(self) -> Iterator[Axes]:
        return iter(self._axes)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_axes":
            raise AttributeError(name)
        return getattr(self._axes[0], name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._axes[0], name, value)

    def __repr__(self) -> str:
        titles = "; ".join(t for t in (ax.get_title() for ax in self._axes) if t)
        panels = f"{len(self._axes)} panel{'s' if len(self._axes) != 1 else ''}"
        return f"<mapsnb chart, {panels}{': ' + titles if titles else ''}>"

    def _repr_png_(self) -> bytes | None:
        """Return the figure as a PNG at its own dpi (``None`` where the backend shows it itself)."""
        import matplotlib
        import matplotlib.pyplot as plt

        backend = str(matplotlib.get_backend()).lower()
        if any(name in backend for name in _SELF_SHOWING):
            return None
        figure = self.figure
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png")
        if "inline" in backend:  # shown here: the inline backend must not show it again
            plt.close(figure)
        return buffer.getvalue()


def as_chart(axes: Axes | Sequence[Axes]) -> Chart:
    """``axes`` (one Axes, or the panels of a figure) as a :class:`Chart`."""
    if isinstance(axes, Chart):
        return axes
    if isinstance(axes, Sequence):
        return Chart(list(axes))
    return Chart([axes])


def one_axes(ax: Axes | Chart | None) -> Axes | None:
    """Return the Axes to draw on: a chart given as ``ax`` means its first panel."""
    return ax[0] if isinstance(ax, Chart) else ax
