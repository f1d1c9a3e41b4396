"""The shop's six props with their starting prices (admins change them in the admin)."""

from django.db import migrations

PRICES = [
    ("qiankun", 2000),
    ("toutian", 1000),
    ("yihua", 500),
    ("qianliyan", 300),
    ("shunfeng", 300),
    ("jinshouzhi", 100),
]


def add_props(apps, schema_editor):
    Prop = apps.get_model("props", "Prop")
    for order, (key, price) in enumerate(PRICES):
        Prop.objects.get_or_create(key=key, defaults={"price": price, "sort_order": order})


class Migration(migrations.Migration):
    dependencies = [("props", "0001_initial")]

    operations = [migrations.RunPython(add_props, migrations.RunPython.noop)]
