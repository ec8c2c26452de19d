"""The state's nested plain data (Penny's claims) is copied by ``plain_copy``: the same as
``copy.deepcopy`` for JSON-like data, sharing no container with the original (a copied game must not move
when the original does)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hardback_bot.engine.state import plain_copy

plain = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                     | st.dictionaries(st.text(max_size=3), inner, max_size=4), max_leaves=20)


def containers(value: Any) -> list[Any]:
    found = [value] if isinstance(value, (dict, list)) else []
    children = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    return found + [c for child in children for c in containers(child)]


@given(plain)
def test_a_plain_copy_is_a_deep_copy(value: Any) -> None:
    copied = plain_copy(value)
    assert copied == copy.deepcopy(value)
    assert type(copied) is type(value)
    originals = {id(c) for c in containers(value)}
    assert not originals & {id(c) for c in containers(copied)}


def test_what_is_not_plain_data_is_deep_copied() -> None:
    value = {"seen": {1, 2}}
    copied = plain_copy(value)
    assert copied == value and copied["seen"] is not value["seen"]
