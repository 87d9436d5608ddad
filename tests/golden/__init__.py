"""Golden logs: recorded matches that every future rules engine must still replay unchanged.

``common`` reads and replays them (pure: engines and ``referee.replay``, no app, no database);
``record`` builds them again on purpose. See README.md.
"""
