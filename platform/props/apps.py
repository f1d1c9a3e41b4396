from django.apps import AppConfig


class PropsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "props"
    verbose_name = "Props (道具)"

    def ready(self) -> None:
        from wallet.audit import audit_checks

        # wallet_audit checks prop counts too, without the wallet importing this app
        audit_checks.connect(_props_audit, dispatch_uid="props.audit")


def _props_audit(**kwargs) -> list[str]:
    from props.selectors import props_audit

    return props_audit()
