class PropError(Exception):
    """A prop request that cannot be honoured (unknown or unavailable prop, bad quantity, not held,
    an idempotency key reused for another purchase). Nothing was changed."""
