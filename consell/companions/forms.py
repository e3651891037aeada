"""Forms of the companion pages: a Versailles card catalogue, typed card by card."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .inputs import ScoreInputError
from .models import VersaillesCatalogue
from .versailles import CARDS, SEALS, read_catalogue


class CatalogueForm(forms.Form):
    """A name and, for each card, its wax seals separated by commas (spec §3.9.1)."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)

    def __init__(self, *args, owner, instance: VersaillesCatalogue | None = None, **kwargs):
        initial = {}
        if instance is not None:
            initial["name"] = instance.name
            for slug, seals in instance.seals.items():
                initial[f"seals_{slug}"] = ", ".join(seals)
        kwargs["initial"] = initial
        super().__init__(*args, **kwargs)
        self.owner, self.instance = owner, instance
        for slug, card in CARDS.items():
            self.fields[f"seals_{slug}"] = forms.CharField(
                label=f"{card.number:02d} {card.name}", required=False
            )

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        others = VersaillesCatalogue.objects.filter(owner=self.owner, name=name)
        if self.instance is not None:
            others = others.exclude(pk=self.instance.pk)
        if others.exists():
            raise forms.ValidationError(_("You already have a catalogue with this name."))
        return name

    def clean(self):
        cleaned = super().clean()
        assert cleaned is not None  # a form's clean gives its cleaned_data
        seals = {}
        for slug in CARDS:
            text = cleaned.get(f"seals_{slug}", "")
            listed = [seal.strip().lower() for seal in text.split(",") if seal.strip()]
            unknown = [seal for seal in listed if seal not in SEALS]
            if unknown:
                self.add_error(
                    f"seals_{slug}",
                    _("Unknown seal: %(seals)s") % {"seals": ", ".join(unknown)},
                )
            if listed:
                seals[slug] = listed
        try:
            cleaned["seals"] = read_catalogue(seals)
        except ScoreInputError as error:
            raise forms.ValidationError(str(error)) from error
        return cleaned

    def save(self) -> VersaillesCatalogue:
        catalogue = self.instance or VersaillesCatalogue(owner=self.owner)
        catalogue.name = self.cleaned_data["name"]
        catalogue.seals = self.cleaned_data["seals"]
        catalogue.save()
        return catalogue
