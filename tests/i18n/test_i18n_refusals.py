"""Engine refusals in every language, by code and parameters (hardback_bot/engine/messages.py)."""

from __future__ import annotations

import pytest

from hardback_bot.engine import Game, GameOptions, IllegalMove, OptionsError, WordSet, parse_move
from hardback_bot.engine.messages import TEMPLATES, render
from hardback_bot.i18n import LANGUAGES, translator
from hardback_bot.i18n.refusals import GENERIC, entries


def test_every_refusal_sentence_is_translated() -> None:
    found = list(entries())
    assert {context.split()[1] for context, _ in found} == set(TEMPLATES)
    for language in LANGUAGES:
        t = translator(language)
        missing = [(c, m) for c, m in found if not t.has(m[0] if isinstance(m, tuple) else m, c)]
        assert missing == [], language


def test_english_is_the_engines_own_sentence() -> None:
    en = translator("en")
    cases = [("no_ink", {}), ("not_a_word", {"word": "ZEBRA"}), ("too_expensive", {"item": "advert", "cost": 6,
             "coins": 2}), ("inked_card_missing", {"cards": [1141, 1145], "count": 2}),
             ("bad_target", {"cards": [1141, 1145]}), ("wrong_phase", {"phase": "buy"}),
             ("bad_length", {"value": 50, "choices": [40, 60, 90, 180]})]
    for code, params in cases:
        assert en.refusal(code, **params) == render(code, params)
    assert en.refusal("a_code_from_the_future") == GENERIC


def test_sentences_pick_their_case_and_plural_form() -> None:
    es, fr, ja = translator("es"), translator("fr"), translator("ja")
    assert es.refusal("no_ink") == "No tienes tinta."
    assert fr.refusal("not_a_word", word="ZÈBRE") == "ZÈBRE n'est pas dans le dictionnaire."
    assert es.refusal("too_expensive", item="advert", cost=6, coins=2) == "Tu próximo anuncio cuesta 6¢ y tienes 2¢."
    assert es.refusal("too_expensive", item="card", card=12, cost=5, coins=2) == \
        "Necesitas 5¢ para esa carta y tienes 2¢."
    assert es.refusal("wrong_phase", phase="buy").startswith("Estás en la fase de compra")
    assert es.refusal("wrong_phase", phase="a_phase_from_the_future") == "Ese movimiento no es posible ahora."
    one = es.refusal("inked_card_missing", cards=[1141], count=1)
    two = es.refusal("inked_card_missing", cards=[1141, 1145], count=2)
    assert one == "La carta entintada A (1141) debe estar en tu palabra, boca arriba."
    assert two == "Las cartas entintadas A (1141), E (1145) deben estar en tu palabra, boca arriba."
    assert ja.refusal("inked_card_missing", cards=[1141, 1145], count=2).startswith(
        "インクの入ったカードA (1141)、E (1145)")
    # Lists are joined in the reader's language.
    assert es.refusal("bad_target", cards=[1141, 1145]) == "Elige la carta 1141 o 1145."
    assert fr.refusal("bad_target", cards=[1141, 1145]) == "Choisissez la carte 1141 ou 1145."
    assert fr.refusal("bad_length", value=50, choices=[40, 60, 90, 180]) == \
        "La durée de la partie doit être l'une de : 40, 60, 90, 180."
    japanese = ja.refusal("bad_length", value=50, choices=[40, 60, 90, 180])
    assert japanese == "ゲームの長さは40、60、90、180のいずれかです。"


def test_an_unknown_code_gets_the_generic_sentence_in_the_readers_language() -> None:
    for language in ("es", "fr", "ja"):
        t = translator(language)
        assert t.refusal("a_code_from_the_future") == t.gettext(GENERIC) != GENERIC


def test_real_engine_refusals_are_translated() -> None:
    game = Game.new(num_players=2, seed=7, options=GameOptions(length=60), checker=WordSet(["cat", "at"]))
    with pytest.raises(IllegalMove) as refused:
        game.apply(1, parse_move("skip"))
    assert translator("ja").refusal(refused.value.code, **refused.value.params) == "あなたの手番ではありません。"
    with pytest.raises(OptionsError) as bad:
        GameOptions.from_dict({"length": 50}).validate(2)
    said = translator("es").refusal(bad.value.code, **bad.value.params)
    assert said == "La duración de la partida debe ser 40, 60, 90, 180."
