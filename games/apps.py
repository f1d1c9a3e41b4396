from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games.runtime.selectors import unsettled_hands_problems
        from wallet.audit import audit_checks

        audit_checks.connect(unsettled_hands_problems, dispatch_uid="games.unsettled_hands")
