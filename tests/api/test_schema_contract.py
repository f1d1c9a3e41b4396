"""The OpenAPI schema is a contract a client generator can trust (issue 15, points 2-4): every
operation documents its errors with the one envelope, limits are in the schema, and the server
enforces what the schema says."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from django.test import Client

    with django_db_blocker.unblock():
        return Client().get("/api/schema/", {"format": "json"}).json()


def operations(schema):
    for path, item in schema["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method]


def test_every_operation_documents_its_errors_with_the_one_envelope(schema):
    envelope = {"$ref": "#/components/schemas/Error"}
    seen = set()
    for path, method, operation in operations(schema):
        responses = operation["responses"]
        errors = {code for code in responses if code.startswith(("4", "5"))}
        assert "400" in errors, (method, path)
        if operation.get("security", [{}]) != [{}] and "security" in operation:
            assert "401" in errors, (method, path)
        if "{" in path:
            assert "404" in errors, (method, path)
        if "requestBody" in operation:
            assert {"413", "415"} <= errors, (method, path)
        for code in errors:
            assert responses[code]["content"]["application/json"]["schema"] == envelope
        if "429" in responses:
            header = responses["429"]["headers"]["Retry-After"]
            assert header["schema"]["type"] == "integer"
        seen |= errors
    assert {"400", "401", "403", "404", "413", "415", "429"} <= seen
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["error"]


def test_throttled_operations_document_429(schema):
    ops = {(p, m): o for p, m, o in operations(schema)}
    for key in [
        ("/api/v1/auth/token", "post"),
        ("/api/v1/calculator", "post"),
        ("/api/v1/wallet", "get"),
        ("/api/v1/ratings/players/{username}/history", "get"),
    ]:
        assert "429" in ops[key]["responses"], key
    assert "403" in ops[("/api/v1/ratings/players/{username}/history", "get")]["responses"]


def test_every_page_size_has_one_minimum_and_maximum(schema):
    maxima = set()
    lists = 0
    for path, _method, operation in operations(schema):
        params = {p["name"]: p for p in operation.get("parameters", [])}
        if "page_size" in params:
            lists += 1
            size = params["page_size"]["schema"]
            assert size["minimum"] == 1, path
            maxima.add(size["maximum"])
            assert params["page"]["schema"]["minimum"] == 1
    assert lists >= 3 and maxima == {200}


def test_json_is_the_only_body_type(schema):
    for path, method, operation in operations(schema):
        if "requestBody" in operation:
            assert list(operation["requestBody"]["content"]) == ["application/json"], (method, path)


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/rooms",
        "/api/v1/ratings/players/alice/history",
        "/api/v1/ratings/players/alice",
        "/api/v1/ratings/players/alice/rating",
    ],
)
def test_an_empty_enum_value_is_refused_like_any_other(api_client, alice, path):
    api_client.force_authenticate(alice)
    response = api_client.get(path, {"variant": ""})
    assert response.status_code == 400
    error = response.json()["error"]
    assert list(error["fields"]) == ["variant"] and "sichuan" in error["message"]


@pytest.mark.parametrize(
    "query",
    [
        "variant=sichuan&variant=wuhan",
        "page_size=5&page_size=6",
        "variant=sichuan&variant=sichuan",
    ],
)
def test_a_repeated_query_parameter_is_refused(api_client, alice, query):
    api_client.force_authenticate(alice)
    for path in ("/api/v1/rooms", "/api/v1/wallet/entries", "/api/v1/me"):
        response = api_client.get(f"{path}?{query}")
        assert response.status_code == 400
        error = response.json()["error"]
        name = query.split("=")[0]
        assert error["fields"][name] == ["Give this query parameter once; it was given 2 times."]


@pytest.mark.parametrize("query", ["page_size=", "page="])
def test_an_empty_page_parameter_is_refused(api_client, alice, query):
    api_client.force_authenticate(alice)
    assert api_client.get(f"/api/v1/wallet/entries?{query}").status_code == 400


def test_every_variant_parameter_is_the_one_variant_enum(schema):
    params = [
        p
        for _path, _method, operation in operations(schema)
        for p in operation.get("parameters", [])
        if p["name"] == "variant"
    ]
    assert len(params) >= 7
    assert all(p["schema"] == {"$ref": "#/components/schemas/VariantEnum"} for p in params)
