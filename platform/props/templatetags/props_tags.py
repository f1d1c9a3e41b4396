from django import template

from props.selectors import props_shop

register = template.Library()


@register.inclusion_tag("props/_inventory.html")
def props_inventory(user):
    """The user's props and the shop's prices (the profile page)."""
    return {"props": props_shop(user=user)}
