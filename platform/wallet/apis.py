from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from config.api import ApiView, StrictPageNumberPagination
from wallet.models import TransferKind
from wallet.selectors import access_entry, wallet_balance, wallet_entries


@extend_schema_serializer(component_name="LedgerEntry")
class EntryOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    amount = serializers.IntegerField()
    kind = serializers.ChoiceField(source="transfer.kind", choices=TransferKind.choices)
    memo = serializers.CharField(source="transfer.memo")
    room_id = serializers.IntegerField(source="transfer.room_id", allow_null=True)
    created_at = serializers.DateTimeField(source="transfer.created_at")


class EntriesPagination(StrictPageNumberPagination):
    page_size = 50


class WalletApi(ApiView):
    @extend_schema_serializer(component_name="Wallet")
    class OutputSerializer(serializers.Serializer):
        balance = serializers.IntegerField()

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request):
        return Response(self.OutputSerializer({"balance": wallet_balance(request.user)}).data)


class WalletEntriesApi(ApiView):
    """The signed-in user's own ledger entries, newest first."""

    OutputSerializer = EntryOutputSerializer

    @extend_schema(responses={200: EntryOutputSerializer(many=True)})
    def get(self, request):
        paginator = EntriesPagination()
        page = paginator.paginate_queryset(wallet_entries(request.user), request, view=self)
        return paginator.get_paginated_response(self.OutputSerializer(page, many=True).data)

    # Tell drf-spectacular the response is paginated.
    pagination_class = EntriesPagination


class WalletEntryApi(ApiView):
    OutputSerializer = EntryOutputSerializer

    @extend_schema(responses={200: EntryOutputSerializer})
    def get(self, request, entry_id: int):
        return Response(self.OutputSerializer(access_entry(request.user, entry_id)).data)
