import pytest

URL = "/api/v1/calculator/"

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


def test_it_answers_a_single_case(post):
    response = post({"variant": "sichuan", "case": WIN_CASE})
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
    result = post({"variant": "sichuan", "case": case}).json()["results"][0]["result"]
    assert result["fan"] == 4
    assert result["deltas"] == [-48, 144, -48, -48]


def test_it_answers_several_cases_in_order(post):
    other = dict(WIN_CASE, id="2", context={"missing_suit": "p"})
    response = post({"variant": "sichuan", "cases": [WIN_CASE, other]})
    assert [r["result"] for r in response.json()["results"]] == [True, False]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"variant": "mars", "case": WIN_CASE}, "Unknown variant"),
        (
            {"variant": "sichuan", "case": dict(WIN_CASE, concealed="234567m33456789x")},
            "unexpected character",
        ),
        (
            {"variant": "sichuan", "case": dict(WIN_CASE, concealed="22222m567m3456789p")},
            "5 copies of 2m",
        ),
        (
            {"variant": "sichuan", "case": dict(WIN_CASE, concealed="234567m3456789p")},
            "wrong tile count",
        ),
        ({"variant": "sichuan", "case": dict(WIN_CASE, kind="guess")}, "kind must be one of"),
        ({"variant": "sichuan"}, "exactly one of 'case'"),
        (
            {
                "variant": "sichuan",
                "case": dict(WIN_CASE, melds=[{"type": "pong", "tiles": "555p"}]),
            },
            "unknown meld type",
        ),
        (
            {
                "variant": "sichuan",
                "case": {"id": "s", "kind": "settle", "context": {"event": "nope"}},
            },
            "",
        ),
    ],
)
def test_it_refuses_bad_input_with_a_clear_400(post, payload, message):
    response = post(payload)
    assert response.status_code == 400
    error = response.json()["error"]
    assert message in error["message"]
    assert error["message"]


def test_malformed_json_is_a_400(api_client, db):
    response = api_client.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "JSON" in response.json()["error"]["message"]


def test_too_many_cases_are_refused(post):
    response = post({"variant": "sichuan", "cases": [WIN_CASE] * 101})
    assert response.status_code == 400
