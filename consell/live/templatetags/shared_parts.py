"""The ``shared_part`` tag: a part every viewer given the same data shares, rendered once."""

from django import template

from consell.live.rendered import rendered

register = template.Library()


@register.simple_tag
def shared_part(template_name: str, **data):
    """``template_name`` rendered with ``data`` alone, once for every viewer given the same data.

    The board of a version is the same for the 16 phones and the public screen: rendered once
    instead of 17 times. Each viewer's own view still decides what goes in: the key is the
    data itself (and the language), so viewers whose data differ in anything get their own
    rendering, and the template sees nothing but that data (no request). A shared part holds
    no form: its one-time key would be shared too.
    """
    return rendered(template_name, data)
