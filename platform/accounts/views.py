from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language as django_set_language

from accounts.forms import ProfileForm, SignUpForm, ThrottledAuthenticationForm
from accounts.models import Language
from accounts.services import user_create, user_update_profile
from rooms.selectors import room_list
from wallet.selectors import wallet_balance


def home(request):
    """Lobby placeholder: the signed-in player's balance and the room list."""
    context = {
        "rooms": room_list(),
        "balance": wallet_balance(request.user) if request.user.is_authenticated else None,
    }
    return render(request, "home.html", context)


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = user_create(
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password1"],
            display_name=form.cleaned_data["display_name"],
            language=form.cleaned_data["language"],
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        translation.activate(user.language)
        messages.success(request, _("Welcome, %(name)s!") % {"name": user.shown_name})
        return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    authentication_form = ThrottledAuthenticationForm
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    """POST only (Django 5): a link cannot log anybody out."""


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:profile")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Your password was changed."))
        return response


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user_update_profile(
            user=request.user,
            display_name=form.cleaned_data["display_name"],
            language=form.cleaned_data["language"],
        )
        translation.activate(request.user.language)
        messages.success(request, _("Profile saved."))
        return redirect("accounts:profile")
    return render(
        request,
        "accounts/profile.html",
        {"form": form, "balance": wallet_balance(request.user)},
    )


@require_POST
def set_language(request):
    """The footer's language switcher. Django's set_language stores the choice in a cookie,
    which the profile language of a signed-in player would override on the next request
    (UserLanguageMiddleware), so for them the choice is saved as their profile setting too."""
    code = request.POST.get("language", "")
    user = request.user
    if user.is_authenticated and code in Language.values and code != user.language:
        user_update_profile(user=user, display_name=user.display_name, language=code)
    return django_set_language(request)
