"""Settings for the browser tests' Daphne subprocess: the project settings with short table
timers, so bots join at once and a hand never waits on a long clock."""

from config.settings import *  # noqa: F403

TABLE_BOT_FILL_SECONDS = 1
TABLE_TURN_SECONDS = 8  # a stuck click still moves on (the server plays the default action)
TABLE_NEXT_HAND_SECONDS = 600  # the result panel stays up while the test reads it
TABLE_DISCONNECT_GRACE_SECONDS = 120
TABLE_SPECTATOR_DELAY_SECONDS = 0
TABLE_CLOCK = "embedded" if not REDIS_URL else "off"  # noqa: F405 (with Redis: run_tables)
TABLE_BOT_DELAY_MS = 0
TABLE_CLAIM_WINDOW_SECONDS = 0.3
