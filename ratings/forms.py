from __future__ import annotations

from django import forms

from rooms.models import Variant


class HistoryFilterForm(forms.Form):
    variant = forms.ChoiceField(choices=[("", "All variants"), *Variant.choices], required=False)
    date_from = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
