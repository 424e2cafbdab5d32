"""Build ``mapsnb_sandbox/data/us_zip3.tsv`` (``python tools/build_us_zip3.py``; needs
``pip install mapsnb[zip]``, i.e. the ``zipcodes`` package, MIT, whose data are the US Postal
Service's ZIP Codes).

One row per three-digit ZIP prefix of the active standard ZIP Codes (USPS sectional centers):
``prefix``, the state, the mean point of its ZIP Codes and the last two digits of each of them,
so that a synthetic US address takes a real ZIP Code of its town's area and state (issue 40).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "us_zip3.tsv"


def main() -> None:
    import zipcodes  # a build-time dependency only

    rows: dict[str, list[dict[str, str]]] = defaultdict(list)
    for z in zipcodes.list_all():
        if z["active"] and z["zip_code_type"] == "STANDARD" and z["lat"] and z["long"]:
            rows[z["zip_code"][:3]].append(z)
    lines = [f"# prefix\tstate\tlat\tlng\tlast two digits (zipcodes {zipcodes.__version__}, USPS)"]
    for prefix in sorted(rows):
        zs = rows[prefix]
        states: dict[str, int] = defaultdict(int)
        for z in zs:
            states[z["state"]] += 1
        state = max(states, key=lambda s: states[s])
        zs = [z for z in zs if z["state"] == state]
        lat = sum(float(z["lat"]) for z in zs) / len(zs)
        lng = sum(float(z["long"]) for z in zs) / len(zs)
        tails = "".join(sorted({z["zip_code"][3:] for z in zs}))
        lines.append(f"{prefix}\t{state}\t{lat:.3f}\t{lng:.3f}\t{tails}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(rows)} prefixes -> {OUT} ({OUT.stat().st_size // 1024} kB)")


if __name__ == "__main__":
    main()
