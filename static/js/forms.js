/* The browser's CSRF token, added as a form is sent.
   A page's live parts are rendered once for their audience, not for one browser, so they
   carry no token of their own (consell/live/page_parts.py). This script reads the token
   from the csrftoken cookie, as Django documents for scripts, and adds it to each POST form
   as it is submitted and to htmx's requests as a header. */
(function () {
  function token() {
    var found = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return found ? decodeURIComponent(found[1]) : "";
  }
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
    var field = form.querySelector("input[name=csrfmiddlewaretoken]");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "csrfmiddlewaretoken";
      form.appendChild(field);
    }
    if (!field.value) field.value = token();
  }, true);
  document.addEventListener("htmx:configRequest", function (e) {
    if (e.detail.verb !== "get") e.detail.headers["X-CSRFToken"] = token();
  });
  /* 503: the game's database was out of reach (consell/middleware.py); 422: the form was
     refused (consell/views/planning.py). Nothing is swapped, so what the player entered
     stays; the server's message goes above the form that sent it, replacing an earlier one. */
  document.addEventListener("htmx:responseError", function (e) {
    var status = e.detail.xhr.status;
    if (status !== 503 && status !== 422) return;
    var form = e.detail.elt.closest("form") || e.detail.elt;
    var previous = form.previousElementSibling;
    if (previous && previous.hasAttribute("data-said")) previous.remove();
    var note = document.createElement("div");
    note.setAttribute("data-said", "");
    note.innerHTML = e.detail.xhr.responseText;
    form.parentNode.insertBefore(note, form);
  });
})();
