"""The rules core, by its old name: every engine stands on these. Each now lives in a module of
its own (errors, actions, settings, engine); this one gathers them for the engines still
importing ``referee.rules``."""
from __future__ import annotations

from referee.actions import ENVELOPE_KEYS, MAX_INT, Action, describe_fields  # noqa: F401
from referee.engine import Finding, GameRules, apply, judge, name_key, new_match  # noqa: F401
from referee.errors import IllegalAction, InvalidAction, RuleViolation  # noqa: F401
from referee.settings import MODES, HouseRuleInfo, Settings, house_rule  # noqa: F401
