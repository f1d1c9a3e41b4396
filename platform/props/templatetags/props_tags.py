import uuid

from django import template

from props.selectors import props_shop

register = template.Library()


@register.inclusion_tag("props/_inventory.html", takes_context=True)
def props_inventory(context, user):
    """The user's props, the shop's prices and a buy button each (the profile page)."""
    return {
        "props": props_shop(user=user),
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
        "idempotency_key": uuid.uuid4().hex,  # one per page view: a double submit buys once
    }
