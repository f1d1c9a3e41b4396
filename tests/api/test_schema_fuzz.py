"""The schema fuzzer (schemathesis, every check, all four phases: examples, coverage, fuzzing and
stateful) against a live test server reports 0 failures (issue 15, "done when").

It runs the fuzzer's own command line in a subprocess against pytest-django's live_server, so
the requests cross a real socket and the answers are exactly what a client gets. The fuzzer logs
in as a player with a room to look at and a settled hand to read (tests/api/fuzz_hooks.py), and
may revoke and rotate that player's token as it goes. --seed makes the run reproducible; a
failure prints the fuzzer's report with a curl line to replay it.

One expectation is configured (CONFIG): a schema-valid log-in with a made-up username and
password is refused with 400 "Wrong username or password." (documented in the schema), where
the fuzzer's positive_data_acceptance check would otherwise want 2xx/401/403/404/409/429. The
body is well-formed; the credentials are wrong, and this endpoint has no HTTP auth scheme to
answer 401 with (DRF's own obtain_auth_token answers 400 too). Likewise a schema-valid purchase of
more props than the player's coins pay for is refused with the documented 402, or with 400 when
that prop is not on sale: the body is fine, the balance or the shop is not. (One block for both:
schemathesis 4.32 applied the first of two [[operations]] blocks to both operations.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from accounts.services import user_create
from games.runtime.services import hand_settle
from tests.factories import RoomFactory
from tests.ratings.factories import hand_record

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "fuzz-password-1"
CONFIG = """
[[operations]]
include-path-regex = "^/api/v1/(auth/token|props/buy)$"
include-method = "POST"
checks.positive_data_acceptance.expected-statuses = ["2xx", 400, 401, 402, 403, 404, 409, 429]
"""


@pytest.mark.django_db(transaction=True)
def test_the_schema_fuzzer_finds_no_failure(live_server, settings, tmp_path):
    # given a player with a room and a settled hand, and throttles far above the run's pace
    settings.API_USER_RATE = settings.API_ANON_RATE = "1000000/min"
    player = user_create(username="fuzz", password=PASSWORD)
    room = RoomFactory(name="Sichuan", variant="sichuan", coefficient=10, rake=5)
    hand_settle(hand_id=hand_record(room=room, players=[player, None, None, None]).pk)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SCHEMATHESIS_HOOKS": "tests.api.fuzz_hooks",
        "QUE_FUZZ_BASE_URL": live_server.url,
        "QUE_FUZZ_USERNAME": "fuzz",
        "QUE_FUZZ_PASSWORD": PASSWORD,
    }
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    # when the fuzzer runs every check in every phase
    run = subprocess.run(
        [
            sys.executable, "-m", "schemathesis.cli", "--config-file", str(config),
            "run", f"{live_server.url}/api/schema/",
            "--checks", "all", "--phases", "examples,coverage,fuzzing,stateful",
            "--max-examples", "6", "--seed", "1", "--workers", "1", "--no-color",
        ],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1500,
    )  # fmt: skip
    report = run.stdout + run.stderr
    # then it tested every operation in every phase and found nothing
    assert run.returncode == 0, report[-12000:]
    assert "Stateful" in report and "API Links" in report, report[-4000:]
    assert "Failures:" not in report and "Errors:" not in report, report[-12000:]
