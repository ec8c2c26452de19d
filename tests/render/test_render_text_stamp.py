"""Labels are stamped from kept masks (render/text.py ``draw_text``): the pixels must be exactly those
``ImageDraw.text`` draws, at any sub-pixel position, anchor, face and language, and the box the same."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from hardback_bot.render.assets import text_font
from hardback_bot.render.text import draw_text

TEXTS = [("en", "Hardback"), ("en", "12★"), ("en", "3¢ · round 4"), ("fr", "Fin de partie"),
         ("es", "Ronda final"), ("ja", "日本語のテキスト")]


@pytest.mark.parametrize(("language", "text"), TEXTS)
def test_a_stamped_label_is_what_pillow_draws(language: str, text: str) -> None:
    rng = random.Random(text)
    for role in ("regular", "bold", "letter"):
        for size in (14, 22, 34):
            for anchor in ("la", "lm", "mm", "rm", "ma", "ls"):
                f = text_font(role, size, language, text)
                xy = (rng.uniform(10, 200), rng.uniform(20, 80))
                drawn = Image.new("RGB", (300, 120), (40, 40, 40))
                stamped = drawn.copy()
                d = ImageDraw.Draw(drawn)
                d.text(xy, text, font=f, fill=(250, 200, 10), anchor=anchor)
                box = draw_text(ImageDraw.Draw(stamped), xy, text, f, (250, 200, 10), anchor)
                # twice: the second comes from the kept mask
                again = Image.new("RGB", (300, 120), (40, 40, 40))
                draw_text(ImageDraw.Draw(again), xy, text, f, (250, 200, 10), anchor)
                assert ImageChops.difference(drawn, stamped).getbbox() is None, (role, size, anchor, xy)
                assert ImageChops.difference(drawn, again).getbbox() is None, (role, size, anchor, xy)
                assert box == d.textbbox(xy, text, font=f, anchor=anchor)
