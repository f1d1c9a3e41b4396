from django.urls import path

from wallet.apis import WalletApi, WalletEntriesApi, WalletEntryApi

urlpatterns = [
    path("wallet", WalletApi.as_view(), name="api-wallet"),
    path("wallet/entries", WalletEntriesApi.as_view(), name="api-wallet-entries"),
    path("wallet/entries/<int:entry_id>", WalletEntryApi.as_view(), name="api-wallet-entry"),
]
