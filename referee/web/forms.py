"""WTForms for the pages. House-rule fields are built from each game's Settings, so a house
rule added to an engine appears on the new-match form with its default and its explanation."""
from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, IntegerField, RadioField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from referee import games
from referee.i18n import N_, gettext
from referee.settings import HouseRuleInfo


class NewMatchForm(FlaskForm):
    game = SelectField(N_("Game"), validators=[InputRequired()])
    title = StringField(N_("Title (optional)"), validators=[Optional(), Length(max=120)])
    players = TextAreaField(N_("Players, one per line, in seat order (the first deals first)"),
                            validators=[InputRequired(message=N_("Enter the players' names"))])
    mode = RadioField(N_("Mode"), choices=[SelectChoice("play", N_("Enter every card")),
                                          SelectChoice("quick", N_("Results only"))],
                      default="play")

    def player_names(self) -> list[str]:
        return [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]


def game_choices() -> list[SelectChoice]:
    """Every game a person can pick: each engine, each followed by its variants."""
    choices = []
    for name, game in games.GAMES.items():
        choices.append(SelectChoice(name, game.title))
        choices += [SelectChoice(v.name, gettext(v.title)) for v in games.VARIANTS.values() if v.game == name]
    return choices


def chosen_game(choice: str | None) -> tuple[str, dict[str, Any]]:
    """The engine a game choice runs on and the house rules the choice fixes."""
    variant = games.VARIANTS.get(choice or "")
    if variant is not None:
        return variant.game, dict(variant.settings)
    if choice and games.get(choice) is not None:
        return choice, {}
    return next(iter(games.GAMES)), {}


def house_rule_form(game_name: str, formdata: Any = None, fixed: dict[str, Any] | None = None) -> FlaskForm:
    """A form with one field per house rule of the game, prefixed ``rule-``; rules the chosen
    variant fixes are not asked."""
    game = games.rules_of(game_name)

    class HouseRules(FlaskForm):
        class Meta:
            csrf = False  # part of NewMatchForm's page, which carries the token

    for info in game.settings_type.rules():
        if info.name not in (fixed or {}):
            setattr(HouseRules, info.name, _field(info))
    return HouseRules(formdata=formdata, prefix="rule")


def _field(info: HouseRuleInfo) -> Field:
    if info.kind is bool:
        return BooleanField(info.label, default=info.default, description=info.help)
    if info.choices is not None:
        return SelectField(info.label, default=str(info.default), description=info.help,
                           choices=[SelectChoice(str(c), info.word(c)) for c in info.choices])
    if info.kind is int:
        lo = info.minimum if info.minimum is not None else 0
        hi = info.maximum if info.maximum is not None else 10**6
        return IntegerField(info.label, default=info.default, description=info.help,
                            validators=[InputRequired(), NumberRange(lo, hi)],
                            render_kw={"min": lo, "max": hi, "inputmode": "numeric"})
    return StringField(info.label, default=info.default, description=info.help)


def settings_from(form: FlaskForm, game_name: str, fixed: dict[str, Any] | None = None) -> dict[str, Any]:
    """The posted house rules, typed as the engine's Settings declare them."""
    settings = dict(fixed or {})
    for info in games.rules_of(game_name).settings_type.rules():
        if info.name in settings:
            continue
        value = getattr(form, info.name).data
        if info.choices is not None and info.kind is not str:
            value = info.kind(value) if value not in (None, "") else info.default
        settings[info.name] = value
    return settings
