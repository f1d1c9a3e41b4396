from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.throttling import (
    client_ip,
    login_attempt_begin,
    login_failures_reset,
    throttle_message,
)


class SignUpForm(UserCreationForm):
    class Meta:
        model = User
        fields = ("username", "display_name", "language")


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "language")


class ThrottledAuthenticationForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "throttled": _("Too many failed log-in attempts."),
    }

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        ip = client_ip(self.request)
        # Counted before the check (atomically), so simultaneous attempts cannot all pass it.
        if username and not login_attempt_begin(username=username, ip=ip):
            raise forms.ValidationError(throttle_message(), code="throttled")
        cleaned = super().clean()  # a failure stays counted
        login_failures_reset(username=username, ip=ip)
        return cleaned
