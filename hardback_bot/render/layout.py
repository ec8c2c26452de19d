"""Layout data the renderer computes while drawing, kept so tests can check *where* things went.

Every drawing function records named regions (``Region``) into a ``Layout``.  Composed images
(offer row, hand, table...) place card layouts at offsets, so a test can ask for "the ribbon of the
third card" in pixel coordinates of the final PNG and sample the colour there.
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
        left, top, right, bottom = self.box
        data = self.data
        if prefix:
            # Paths nest outer-first: "table/offer/card3".
            old = self.get("path")
            path = f"{prefix}/{old}" if old else prefix
            data = tuple(sorted({**dict(self.data), "path": path}.items()))
        return Region(self.kind, (left + dx, top + dy, right + dx, bottom + dy), data)

    @property
    def centre(self) -> tuple[int, int]:
        left, top, right, bottom = self.box
        return ((left + right) // 2, (top + bottom) // 2)


@dataclass(slots=True)
class Layout:
    """Regions in drawing order, plus the image size."""

    size: tuple[int, int] = (0, 0)
    regions: list[Region] = field(default_factory=list)

    def add(self, kind: str, box: Box, **data: object) -> Region:
        region = Region(kind, tuple(int(v) for v in box), tuple(sorted(data.items())))  # type: ignore[arg-type]
        self.regions.append(region)
        return region

    def extend(self, regions: Iterable[Region], dx: int, dy: int, prefix: str = "") -> None:
        self.regions.extend(r.shifted(dx, dy, prefix) for r in regions)

    def of_kind(self, kind: str) -> list[Region]:
        return [r for r in self.regions if r.kind == kind]

    def where(self, kind: str, **data: object) -> list[Region]:
        return [r for r in self.of_kind(kind) if all(r.get(k) == v for k, v in data.items())]

    def __iter__(self) -> Iterator[Region]:
        return iter(self.regions)
