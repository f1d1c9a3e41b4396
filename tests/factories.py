"""factory_boy factories for the platform models."""

from __future__ import annotations

import factory

from accounts.models import User
from rooms.models import Room
from wallet.services import wallet_grant_signup


class UserFactory(factory.django.DjangoModelFactory):
    """A user with the sign-up grant, as the sign-up page creates them."""

    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    display_name = factory.LazyAttribute(lambda o: o.username.title())
    password = factory.django.Password("correct horse battery staple")

    @factory.post_generation
    def signup_grant(obj, create, extracted, **kwargs):
        if create and extracted is not False:
            wallet_grant_signup(user=obj)


class RoomFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Room

    name = factory.Sequence(lambda n: f"Room {n}")
    variant = "sichuan"
    options = factory.LazyFunction(dict)
    coefficient = 1
    rake = 0
    # The suite's bot hands keep the fast greedy bot they were written with; the tests of the
    # expert at tables ask for bot_kind="expert" (a new room's default: rooms.models).
    bot_kind = "greedy"
