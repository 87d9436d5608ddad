"""Fixtures the web tests share: ``counting_game`` (tests/counting), the sixth game, registered
only while a test asks for it by name."""
from tests.counting import counting_game  # noqa: F401  (a fixture)
