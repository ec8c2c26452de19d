"""Layout data the renderer computes while drawing, kept so tests can check *where* things went.

Every drawing function records named regions (``Region``) into a ``Layout``.  Composed images
(offer row, hand, table...) place card layouts at offsets, so a test can ask for "the ribbon of the
third card" in pixel coordinates of the final PNG and sample the colour there.

Every text drawn is a region too (a *text record*): its ``data`` holds ``text``, ``px`` (type size),
``cap`` (cap height, image pixels), ``font`` (the file that drew it), ``room`` (the box the layout
gave it: the text must stay inside), ``on`` (the kinds of region it is drawn over on purpose: a
label on its pill, a tag over faded benefits) and ``squeeze`` (1.0, or how far it was condensed).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

Box = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)


@dataclass(frozen=True, slots=True)
class Region:
    """A named box.  ``kind`` groups regions ('letter', 'number', 'benefit', 'card', ...);
    ``data`` carries facts a test can check without reading pixels (the letter drawn, a benefit
    kind, whether a number is highlighted)."""

    kind: str
    box: Box
    data: tuple[tuple[str, object], ...] = ()

    def get(self, key: str, default: object = None) -> object:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def shifted(self, dx: int, dy: int, prefix: str = "") -> Region:
        return self.scaled(1.0, dx, dy, prefix)

    def scaled(self, k: float, dx: int = 0, dy: int = 0, prefix: str = "") -> Region:
        """This region in an image drawn ``k`` times as large and then placed at (dx, dy): its box, a
        text's room and its sizes follow."""
        data = self.data
        if prefix or k != 1.0 or self.get("room") is not None:
            changed = dict(data)
            if prefix:
                # Paths nest outer-first: "table/offer/card3".
                old = changed.get("path")
                changed["path"] = f"{prefix}/{old}" if old else prefix
            room = changed.get("room")
            if room is not None:
                changed["room"] = _moved(room, k, dx, dy)  # type: ignore[arg-type]
            if k != 1.0:
                for key in ("px", "cap"):
                    if key in changed:
                        changed[key] = round(float(changed[key]) * k, 1)  # type: ignore[arg-type]
            data = tuple(sorted(changed.items()))
        return Region(self.kind, _moved(self.box, k, dx, dy), data)

    @property
    def is_text(self) -> bool:
        """A text record: a drawn string with its measures (see the module docstring)."""
        return self.get("text") is not None and self.get("cap") is not None

    @property
    def centre(self) -> tuple[int, int]:
        left, top, right, bottom = self.box
        return ((left + right) // 2, (top + bottom) // 2)


def _moved(box: Box, k: float, dx: int, dy: int) -> Box:
    left, top, right, bottom = box
    return (round(left * k) + dx, round(top * k) + dy, round(right * k) + dx, round(bottom * k) + dy)


@dataclass(frozen=True, slots=True)
class Placed:
    """Regions of a part placed at (dx, dy) under ``prefix``, not yet moved: most images are sent without anyone
    reading their layout, so the moving waits until the layout is read."""

    regions: Iterable[Region]
    dx: int
    dy: int
    prefix: str = ""


@dataclass(slots=True)
class Layout:
    """Regions in drawing order, plus the image size."""

    size: tuple[int, int] = (0, 0)
    parts: list[Region | Placed] = field(default_factory=list)

    def add(self, kind: str, box: Box, **data: object) -> Region:
        region = Region(kind, tuple(int(v) for v in box), tuple(sorted(data.items())))  # type: ignore[arg-type]
        self.parts.append(region)
        return region

    def extend(self, regions: Iterable[Region], dx: int, dy: int, prefix: str = "") -> None:
        """Regions of a part drawn alone and placed at (dx, dy) (a card, a seat's panel): the part is kept, and
        never drawn on again, so its regions are moved only when this layout is read."""
        self.parts.append(Placed(regions, dx, dy, prefix))

    @property
    def regions(self) -> list[Region]:
        if any(isinstance(part, Placed) for part in self.parts):
            flat: list[Region | Placed] = []
            for part in self.parts:
                if isinstance(part, Placed):
                    flat.extend(r.shifted(part.dx, part.dy, part.prefix) for r in part.regions)
                else:
                    flat.append(part)
            self.parts = flat
        return self.parts  # type: ignore[return-value]  # flat now: regions only

    def texts(self) -> list[Region]:
        """Every text record, in drawing order."""
        return [r for r in self.regions if r.is_text]

    def of_kind(self, kind: str) -> list[Region]:
        return [r for r in self.regions if r.kind == kind]

    def where(self, kind: str, **data: object) -> list[Region]:
        return [r for r in self.of_kind(kind) if all(r.get(k) == v for k, v in data.items())]

    def __iter__(self) -> Iterator[Region]:
        return iter(self.regions)
