from django.db import migrations, models


def existing_rooms_keep_greedy(apps, schema_editor):
    """Rooms that existed before the field keep the bot they were played with (greedy); new
    rooms default to the expert (rooms.models.Room.bot_kind says why)."""
    Room = apps.get_model("rooms", "Room")
    Room.objects.update(bot_kind="greedy")


class Migration(migrations.Migration):

    dependencies = [
        ("rooms", "0002_props_on_by_default"),
    ]

    operations = [
        migrations.AddField(
            model_name="room",
            name="bot_kind",
            field=models.CharField(
                choices=[("greedy", "greedy (fast, weak)"), ("expert", "expert")],
                default="expert",
                help_text="How the bots play that fill empty seats and stand in for away players.",
                max_length=10,
                verbose_name="bot strength",
            ),
        ),
        migrations.AddField(
            model_name="room",
            name="practice",
            field=models.BooleanField(
                default=False,
                help_text="Players may ask for live hints (the expert's best options) at the table.",
                verbose_name="practice room",
            ),
        ),
        migrations.RunPython(existing_rooms_keep_greedy, migrations.RunPython.noop),
    ]
