class WalletError(Exception):
    """A wallet operation that cannot be done; the message says why."""


class InsufficientFunds(WalletError):
    pass


class IdempotencyConflict(WalletError):
    """The key was already used by a different kind of transfer."""
