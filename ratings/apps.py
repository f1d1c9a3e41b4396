from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        # games announces settled hands and asks for player facts through games.interface;
        # ratings answers from here (games never imports ratings).
        from ratings import signals

        signals.connect()
