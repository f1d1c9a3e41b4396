from django.apps import AppConfig


class PropsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "props"
    verbose_name = "Props (道具)"
