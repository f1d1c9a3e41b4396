"""Schemathesis hooks for the schema fuzzer run of tests/api/test_schema_fuzz.py (loaded by the
fuzzer's process through SCHEMATHESIS_HOOKS).

The fuzzer logs in like any client: it exchanges the fuzz user's password for a token, and logs
in again whenever a request answers 401, because the run itself revokes (DELETE auth/token) and
rotates (POST auth/token/rotate) that token."""

from __future__ import annotations

import os

import requests
import schemathesis


@schemathesis.auth(refresh_interval=600, retry_on=[401])
class LogIn:
    def get(self, case, ctx):
        response = requests.post(
            os.environ["QUE_FUZZ_BASE_URL"] + "/api/v1/auth/token",
            json={
                "username": os.environ["QUE_FUZZ_USERNAME"],
                "password": os.environ["QUE_FUZZ_PASSWORD"],
            },
            timeout=60,
        )
        response.raise_for_status()
        return response.json()["token"]

    def set(self, case, data, ctx):
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}
