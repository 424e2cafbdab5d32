"""Summary parsing scales linearly: time per character stays flat as summaries grow.

Run: ``python benchmarks/bench_summary.py``. Prints, for each input shape, the time of
:func:`mapsnb._read.summary.parse_summary` at 4, 16 and 64 KB and the ratio of each size's time to
the 4 KB time, next to the size ratio (linear: the two ratios match; quadratic: the time ratio is
the square of the size ratio). Times are CPU times (best of 5), so a busy machine does not skew
the ratios. Issue 15 item 6: a 64 KB summary used to take 7.9 s.
"""

from __future__ import annotations

import time

from mapsnb._read.summary import parse_summary

SHAPES = {
    "live-style": lambda i: (
        f"<p><strong>Place {i}</strong> has a rating of 4.{i % 10} stars and is located at "
        f"{i} Main St, Springfield, IL 62701, USA [{i}]. It opens at 7 AM [{i}].</p>"
    ),
    "plain names": lambda i: (
        f"<p>Cedar &amp; Pine {i} has a rating of 4.2 and is at {i} Oak Ave, Lyon, France [{i}].</p>"
    ),
    "one paragraph": lambda i: f"Try <b>Shop {i}</b> [{i}] or the cafe next door [{i}, {i + 1}]. ",
    "no closing tags": lambda i: f"<strong>x {i} <b [{i}] ** ",
    "unclosed <": lambda i: "< a " * 8,
    "dots": lambda i: "St. No. J. 4.4 " * 4,
}
SIZES = (4_000, 16_000, 64_000)


def _text(shape: str, size: int) -> str:
    make, parts, total, i = SHAPES[shape], [], 0, 0
    while total < size:
        part = make(i)
        parts.append(part)
        total += len(part)
        i += 1
    return "".join(parts)[:size]


def _best(text: str, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        _ = parse_summary(text).names  # names are read on first use: read them all
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    print(f"{'shape':<16} {'size':>7} {'cpu s':>9} {'size ratio':>10} {'time ratio':>10}")
    for shape in SHAPES:
        base = None
        for size in SIZES:
            seconds = _best(_text(shape, size))
            base = base or seconds
            print(
                f"{shape:<16} {size:>7} {seconds:>9.4f} {size / SIZES[0]:>10.0f} "
                f"{seconds / base:>10.1f}"
            )


if __name__ == "__main__":
    main()
