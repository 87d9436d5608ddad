"""House rules: each game's frozen ``Settings`` dataclass, its fields declared with
``house_rule`` (default, explanation, allowed values, the words for each choice), validated
from a posted dict."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

from referee.actions import MAX_INT
from referee.errors import InvalidAction
from referee.i18n import Message, _, any_of, gettext

MODES = ("play", "quick")


def house_rule(default: Any, help: str, *, label: str | None = None,
               choices: tuple[Any, ...] | None = None, minimum: int | None = None,
               maximum: int | None = None, words: Mapping[Any, str] | None = None) -> Any:
    """Declare one house rule as a Settings field: its default, the line that explains it,
    and the values it may take. ``words`` names each choice for people (marked with ``N_``):
    a value such as ``aces_only`` is the API's, never a screen's."""
    return field(default=default, metadata={
        "help": help, "label": label, "choices": choices, "minimum": minimum, "maximum": maximum,
        "words": dict(words or {}),
    })


@dataclass(frozen=True)
class HouseRuleInfo:
    name: str
    label: str
    help: str
    default: Any
    kind: type
    choices: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    words: Mapping[Any, str] = field(default_factory=dict)

    def word(self, value: Any) -> str:
        """A value of this house rule as a person reads it, in the current language."""
        if isinstance(value, bool):
            return gettext("on") if value else gettext("off")
        if value in self.words:
            return gettext(self.words[value])
        return gettext(value) if isinstance(value, str) else str(value)


@dataclass(frozen=True)
class Settings:
    """Base of every game's house rules. Subclasses are frozen dataclasses whose fields are
    declared with ``house_rule``; ``from_dict`` validates a posted dict against them."""

    @classmethod
    def rules(cls) -> tuple[HouseRuleInfo, ...]:
        infos = []
        for f in dataclasses.fields(cls):
            meta = f.metadata
            kind = type(f.default)
            infos.append(HouseRuleInfo(
                name=f.name, label=meta.get("label") or f.name.replace("_", " ").capitalize(),
                help=meta.get("help", ""), default=f.default, kind=kind,
                choices=meta.get("choices"), minimum=meta.get("minimum"), maximum=meta.get("maximum"),
                words=meta.get("words") or {},
            ))
        return tuple(infos)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Settings:
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise InvalidAction(_("\"settings\" must be a JSON object: each house rule's name and its value"),
                                rule="SETTINGS")
        data = dict(data)
        known = {info.name: info for info in cls.rules()}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InvalidAction(_("unknown house rule: {names}", names=", ".join(map(str, unknown))[:80]),
                                rule="SETTINGS")
        values = {}
        for name, value in data.items():
            values[name] = _check_house_rule(known[name], value)
        settings = cls(**values)
        settings.validate()
        return settings

    def validate(self) -> None:
        """Checks across fields; subclasses raise InvalidAction(rule="SETTINGS")."""

    def as_dict(self) -> dict[str, Any]:
        return dict(_house_rules(self))


@lru_cache(maxsize=256)
def _house_rules(settings: Settings) -> tuple[tuple[str, Any], ...]:
    # Every view lists the match's house rules, which never change: each value is a bool, an int
    # or a str (``_check_house_rule``), so a shallow copy of the pairs is a copy of the rules.
    return tuple((f.name, getattr(settings, f.name)) for f in dataclasses.fields(settings))


def _check_house_rule(info: HouseRuleInfo, value: Any) -> Any:
    bad = InvalidAction(_describe_allowed(info, value), rule="SETTINGS")
    if info.kind is bool:
        if not isinstance(value, bool):
            raise bad
    elif info.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
        if info.minimum is not None and value < info.minimum:
            raise bad
        if info.maximum is not None and value > info.maximum:
            raise bad
    elif info.kind is str:
        if not isinstance(value, str):
            raise bad
    if info.choices is not None and value not in info.choices:
        raise bad
    return value


def _describe_allowed(info: HouseRuleInfo, value: Any) -> Message:
    shown = repr(value)[:40]
    if info.choices is not None:
        return _("house rule {name} cannot be {value}: choose one of {allowed}", name=info.name, value=shown,
                 allowed=any_of(str(c) for c in info.choices))
    if info.kind is bool:
        return _("house rule {name} must be true or false, not {value}", name=info.name, value=shown)
    if info.kind is int:
        return _("house rule {name} must be a whole number from {low} to {high}, not {value}", name=info.name,
                 low=info.minimum if info.minimum is not None else 0,
                 high=info.maximum if info.maximum is not None else MAX_INT, value=shown)
    return _("house rule {name} cannot be {value}", name=info.name, value=shown)
