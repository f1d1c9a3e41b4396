"""The Celery app "que". Eager without REDIS_URL (see settings)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("que")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
