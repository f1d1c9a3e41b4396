from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rooms.models import Variant


class HistoryFilterForm(forms.Form):
    variant = forms.ChoiceField(choices=[("", "All variants"), *Variant.choices], required=False)
    date_from = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    # Set by a session's "hands" link; kept through the filter form as a hidden field.
    table = forms.IntegerField(
        required=False, min_value=1, max_value=2**63 - 1, widget=forms.HiddenInput
    )

    def clean(self):
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", _("The end date is before the start date."))
        return data
