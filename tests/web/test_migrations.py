"""Upgrading the schema keeps every match a table already has."""
from __future__ import annotations

from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from referee import create_app, store
from tests.conftest import database_url


def test_a_match_made_before_an_upgrade_still_plays_after_it(tmp_path):
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url(tmp_path), "SECRET_KEY": "m"})
    with app.app_context():
        # No open transaction may hold the tables a downgrade drops (PostgreSQL would wait).
        store.db.session.remove()
        downgrade(revision="base")
        upgrade(revision="0001")
        with store.db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO matches (id, game, title, mode, players, settings, created_at, scorer_token_hash) "
                "VALUES ('oldmatch01', 'pontis', 'Before', 'play', '[\"Ann\", \"Ben\"]', '{}', "
                "'2026-01-01 20:00:00', 'x')"))
            connection.execute(text(
                "INSERT INTO events (match_id, seq, action, time) VALUES "
                "('oldmatch01', 1, '{\"type\": \"deal\", \"foundation_suit\": \"s\"}', '2026-01-01 20:01:00')"))
        upgrade()
        store.clear_cache()
        match = store.get_match("oldmatch01")
        assert len(match.viewer_code) == 6 and match.scorer_code_hash is None
        replay = store.load(match)
        assert replay.seq == 1 and replay.view()["phase"] == "reveal"
        assert store.append(match, {"type": "reveal", "card": "As"}).seq == 2
        store.db.session.remove()
        downgrade(revision="base")
        upgrade()
