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
from referee.rules import HouseRuleInfo


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
    return [SelectChoice(name, game.title) for name, game in games.GAMES.items()]


def house_rule_form(game_name: str, formdata: Any = None) -> FlaskForm:
    """A form with one field per house rule of the game, prefixed ``rule-``."""
    game = games.get(game_name)

    class HouseRules(FlaskForm):
        class Meta:
            csrf = False  # part of NewMatchForm's page, which carries the token

    for info in game.settings_type.rules():
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


def settings_from(form: FlaskForm, game_name: str) -> dict[str, Any]:
    """The posted house rules, typed as the engine's Settings declare them."""
    settings = {}
    for info in games.get(game_name).settings_type.rules():
        value = getattr(form, info.name).data
        if info.choices is not None and info.kind is not str:
            value = info.kind(value) if value not in (None, "") else info.default
        settings[info.name] = value
    return settings
