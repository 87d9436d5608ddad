"""A serving process tunes the cyclic garbage collector once, when its first app is built: the
objects of start-up are set aside for good, and the passes come less often (referee.app)."""
from __future__ import annotations

import json
import subprocess
import sys

from referee.app import COLLECTOR_THRESHOLDS

SCRIPT = """
import gc, json
from referee import create_app
config = {"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "collector-test"}
before = gc.get_freeze_count()
create_app(config)
first = gc.get_freeze_count()
create_app(config)
print(json.dumps({"before": before, "first": first, "second": gc.get_freeze_count(),
                  "thresholds": gc.get_threshold()}))
"""


def test_the_first_app_of_a_process_sets_the_start_up_objects_aside_and_spaces_the_passes():
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True)
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found["before"] == 0  # nothing set aside until an app is built
    assert found["first"] > 50_000  # the app, its modules and catalogs
    assert found["second"] == found["first"]  # a later app (a test's) is not kept forever
    assert tuple(found["thresholds"]) == COLLECTOR_THRESHOLDS
