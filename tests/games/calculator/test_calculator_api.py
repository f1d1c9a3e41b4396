"""POST /api/v1/calculator answers exactly as `python -m games.engine calc` (CASES.md §1.2-1.3):
a 400 only for an unusable body, otherwise one result or error per case."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.calculator.messages import plain_message

URL = "/api/v1/calculator"
ROOT = Path(__file__).resolve().parents[3]

WIN_CASE = {
    "id": "sc-win-1",
    "kind": "win",
    "concealed": "234567m33456789p",
    "melds": [],
    "wild": None,
    "context": {"missing_suit": "s"},
}


@pytest.fixture
def post(api_client, db):
    def _post(payload):
        return api_client.post(URL, payload, format="json")

    return _post


def cli(payload: dict, tmp_path: Path) -> dict:
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(payload))
    run = subprocess.run(
        [sys.executable, "-m", "games.engine", "calc", str(path)],
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'platform'}", "QUE_ENGINE": "pure"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_it_answers_a_batch(post):
    response = post({"variant": "sichuan", "cases": [WIN_CASE]})
    assert response.status_code == 200
    assert response.json() == {"results": [{"id": "sc-win-1", "result": True}]}


def test_it_scores_the_spec_example(post):
    case = {
        "id": "sc-score-1",
        "kind": "score",
        "concealed": "12345678999p",
        "melds": [{"type": "pung", "tiles": "555p", "from": 2}],
        "win_tile": "9p",
        "win_type": "self_draw",
        "winner": 1,
        "discarder": None,
        "dealer": 0,
        "context": {"missing_suit": "m", "mode": "normal"},
    }
    result = post({"variant": "sichuan", "cases": [case]}).json()["results"][0]["result"]
    assert result["fan"] == 4
    assert result["deltas"] == [-48, 144, -48, -48]


IMPOSSIBLE = [
    dict(WIN_CASE, id="fifth-copy", concealed="22222m567m3456789p"),
    dict(WIN_CASE, id="short", concealed="234567m3456789p"),
    dict(WIN_CASE, id="void-suit", context={"missing_suit": "p"}),
]
BAD = [
    dict(WIN_CASE, id="bad-tile", concealed="234567m33456789x"),
    dict(WIN_CASE, id="bad-kind", kind="guess"),
    dict(WIN_CASE, id="bad-meld", melds=[{"type": "pong", "tiles": "555p"}]),
    {"id": "bad-event", "kind": "settle", "context": {"event": "nope"}},
    "not an object",
    None,
]


def test_one_bad_case_does_not_spoil_the_batch_and_impossible_hands_are_false(post):
    response = post({"variant": "sichuan", "cases": [WIN_CASE, *IMPOSSIBLE, *BAD]})
    assert response.status_code == 200
    results = response.json()["results"]
    assert [r["id"] for r in results] == [
        "sc-win-1", "fifth-copy", "short", "void-suit",
        "bad-tile", "bad-kind", "bad-meld", "bad-event", None, None,
    ]  # fmt: skip
    assert [r.get("result") for r in results[:4]] == [True, False, False, False]
    for entry in results[4:]:
        assert set(entry) == {"id", "error"} and entry["error"]
    assert "unknown kind" in results[5]["error"]


@pytest.mark.parametrize("variant", ["sichuan", "fuzhou", "wuhan"])
def test_it_answers_exactly_as_the_command_line(post, tmp_path, variant):
    cases = [
        WIN_CASE,
        *IMPOSSIBLE,
        *BAD,
        dict(WIN_CASE, id="w", kind="waits", concealed="1112345678999m"),
    ]
    payload = {"variant": variant, "cases": cases}
    expected = cli(payload, tmp_path)
    for entry in expected[
        "results"
    ]:  # the same error, in JSON's words (games/calculator/messages.py)
        if "error" in entry:
            entry["error"] = plain_message(entry["error"])
    assert post(payload).json() == expected


@pytest.mark.parametrize(
    ("ids", "errors"),
    [
        (["a", "b", "a"], [True, False, True]),
        ([1, "b", None], [True, False, True]),
    ],
)
def test_case_ids_are_strings_unique_in_the_batch(post, ids, errors):
    cases = [dict(WIN_CASE, id=case_id) for case_id in ids]
    results = post({"variant": "sichuan", "cases": cases}).json()["results"]
    assert [r["id"] for r in results] == ids
    assert ["error" in r for r in results] == errors
    for entry in results:
        if "error" in entry:
            assert entry["error"].startswith("id: ")
    missing = post({"variant": "sichuan", "cases": [{"kind": "win"}]}).json()["results"]
    assert missing == [{"id": None, "error": "id: a string is required (unique in the batch)"}]


def test_messages_never_print_python_values(post):
    cases = [
        {"id": "1", "kind": "settle", "context": {"event": "kong", "type": "exposed", "from_seat": 9}},
        dict(WIN_CASE, id="2", context={"missing_suit": 5}),
        {"id": "3", "kind": "score", "concealed": "234567m33456789p", "melds": [], "win_tile": "3p",
         "win_type": "self_draw", "winner": -1, "dealer": 0, "discarder": None},
    ]  # fmt: skip
    results = post({"variant": "sichuan", "cases": cases}).json()["results"]
    messages = [r["error"] for r in results]
    assert all(messages), results
    for message in messages:
        assert "None" not in message and "'" not in message and "True" not in message, message


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"variant": "mars", "cases": [WIN_CASE]}, "variant"),
        ({"variant": "", "cases": [WIN_CASE]}, "variant"),
        ({"variant": "sichuan"}, "cases"),
        ({"variant": "sichuan", "case": WIN_CASE}, "cases"),
        ({"variant": "sichuan", "cases": WIN_CASE}, "cases"),
        ({"variant": "sichuan", "cases": [WIN_CASE] * 101}, "cases"),
    ],
)
def test_only_an_unusable_body_is_a_400(post, payload, field):
    response = post(payload)
    assert response.status_code == 400
    error = response.json()["error"]
    assert list(error["fields"]) == [field] and error["message"]
    if field == "variant":
        assert "sichuan" in error["message"] and "'" not in error["message"]


@pytest.mark.parametrize("body", ["{not json", "[1, 2]", '"cases"'])
def test_a_body_that_is_not_a_json_object_is_a_400(api_client, db, body):
    response = api_client.post(URL, body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]["message"]


@pytest.mark.parametrize(
    "content_type", ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
def test_json_is_the_only_body_type(api_client, db, content_type):
    response = api_client.post(URL, "variant=sichuan", content_type=content_type)
    assert response.status_code == 415
    schema = api_client.get("/api/schema/", {"format": "json"}).json()
    body = schema["paths"][URL]["post"]["requestBody"]["content"]
    assert list(body) == ["application/json"]
