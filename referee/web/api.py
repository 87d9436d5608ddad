"""The JSON action API of docs/api.md. Views only: every rule lives in the engines."""
from __future__ import annotations

from functools import wraps

from flask import Blueprint, abort, current_app, jsonify, request, url_for
from werkzeug.exceptions import MethodNotAllowed

from referee import i18n, store
from referee.errors import RuleViolation
from referee.i18n import _, any_of
from referee.rendered import Rows
from referee.replay import CorrectionConflict
from referee.web.security import may_create_match

bp = Blueprint("api", __name__, url_prefix="/api")
IMPORT_LIMIT = 8 * 1024 * 1024  # a long club night's export, not the 64 kB of one action
IMPORT_PATH = "/matches/import"
# All the import's path takes. "/matches/<match_id>" matches that path too, and neither Flask's
# answer to OPTIONS nor Werkzeug's 405 can tell it apart: both would add that rule's GET.
IMPORT_METHODS = ("OPTIONS", "POST")


def error(status: int, rule: str, message, **extra):
    body = {"error": {"rule": rule, "message": str(message)}}
    body.update(extra)
    return jsonify(body), status


def refused(violation: RuleViolation, **extra):
    """A 422 for an entry or a match the rules refuse, in the refusal's own words (its ``cites``
    too, where it has one)."""
    return jsonify({"error": violation.as_dict(), **extra}), 422


HISTORY_WINDOW = 20  # finished deals in an answer: however long the match, an answer stays small
WINDOWED = ("history", "findings", "corrections", "disputes", "no_longer_accepted", "ledger", "running_totals")
_COUNTED = tuple((key, f"{key}_count") for key in WINDOWED)


def bounded(view: dict, full: bool = False) -> dict:
    """The state with only the newest HISTORY_WINDOW rows of each list that grows with the
    match (finished deals, findings, corrections, disputes); ``<key>_count`` says how many
    there are in all. ``GET /api/matches/<id>?history=all`` answers them whole."""
    view = dict(view)
    for key, count in _COUNTED:
        rows = view.get(key)
        if isinstance(rows, (list, Rows)):
            total = view[count] = len(rows)
            # Rows render only the rows read: a long match's newest few, not all of them (a
            # slice of either is a new list already).
            view[key] = list(rows) if full or total <= HISTORY_WINDOW else rows[-HISTORY_WINDOW:]
    return view


def on_own_connection(view):
    """The view reads and writes the log on one SQLAlchemy Core connection of its own, not
    through the ORM session (``store.connection``): a match is read as a plain row and an
    action is one insert and a commit."""

    @wraps(view)
    def run(*args, **kwargs):
        with store.connection():
            return view(*args, **kwargs)

    return run


def _match(match_id: str) -> store.MatchRow:
    try:
        match = store.read_match(match_id)
    except store.MatchNotFound:
        abort(404)
    i18n.set_game(match.game)
    return match


def links(match: store.Match | store.MatchRow, token: str | None = None) -> dict[str, str]:
    result = {"viewer": url_for("pages.match", match_id=match.id, _external=True)}
    if token:
        result["scorer"] = url_for("pages.join", match_id=match.id, token=token, _external=True)
    return result


class _TooDeep(Exception):
    pass


class _NotJson(Exception):
    pass


def _json_body():
    """The request's JSON, or None if it is not JSON. Nesting deep enough to exhaust the
    parser is answered like any other bad body, never with a 500."""
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(request.get_data(cache=True)) >= limit:
        # A body sent in chunks names no length, and its stream stops at the limit: one that
        # fills it was cut short there, and is too large rather than broken JSON.
        abort(413)
    if not request.is_json and request.get_data(cache=True):
        raise _NotJson
    try:
        return request.get_json(silent=True)
    except RecursionError:
        raise _TooDeep from None


@bp.post("/matches")
def create():
    if not may_create_match(current_app):
        return error(429, "RATE", _("too many new matches from this address: wait a few minutes"))
    data = _json_body()
    if not isinstance(data, dict):
        return error(422, "ACTION", _("send a JSON object with \"game\", \"players\", \"settings\" and \"mode\""))
    try:
        match, token, replay = store.create_match(
            data.get("game"), data.get("players"), data.get("settings"),
            data.get("mode", "play"), data.get("title", ""))
    except RuleViolation as violation:
        return refused(violation)
    body = {"id": match.id, "scorer_token": token, "links": links(match, token), "state": bounded(replay.view())}
    return jsonify(body), 201


@bp.get("/matches/<match_id>")
@on_own_connection
def state(match_id: str):
    """The state; a client that sends back the ETag it has gets 304 until the log moves."""
    match = _match(match_id)
    etag = f"{match.newest_seq}-{i18n.current()}-{'all' if request.args.get('history') == 'all' else 'window'}"
    if request.if_none_match.contains_weak(etag):  # RFC 9110: If-None-Match compares weakly
        response = current_app.response_class(status=304)
    else:
        full = request.args.get("history") == "all"
        response = jsonify(bounded(store.load(match).view(), full))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/matches/<match_id>/actions")
@on_own_connection
def act(match_id: str):
    # An action the rules accept is most often answered by action_fast_path before it gets here.
    match = _match(match_id)
    # The scheme's name is case-insensitive (RFC 9110): "bearer" is as good as "Bearer".
    scheme, _space, credential = request.headers.get("Authorization", "").strip().partition(" ")
    if scheme.lower() != "bearer" or not credential.strip():
        return error(401, "AUTH", _("this needs the scorer token: Authorization: Bearer <scorer_token>"))
    if not match.scorer_token_ok(credential.strip()):
        return error(403, "AUTH", _("that scorer token is not valid for this match"))
    data = _json_body()
    if data is None:
        return error(422, "ACTION", _("the body must be a JSON action with a \"type\""))
    try:
        appended = store.append(match, data)
    except CorrectionConflict as conflict:
        return refused(conflict, conflicts=[{"seq": seq, **v.as_dict()} for seq, v in conflict.conflicts])
    except RuleViolation as violation:
        return refused(violation)
    except store.StaleExpect as stale:
        seq = stale.replay.seq
        if isinstance(data, dict) and isinstance(data.get("expect"), int) and data["expect"] > seq:
            # Ahead of the log: not a phone that fell behind, but one that counted wrong.
            message = _("the match is at entry {n}, not {expect}: nothing was entered", n=seq, expect=data["expect"])
        else:
            message = _("the match has moved on to entry {n}: nothing was entered", n=seq)
        return error(409, "EXPECT", message, state=bounded(stale.replay.view()))
    return jsonify(accepted(appended))


def accepted(appended: store.Appended) -> dict:
    """The answer to an accepted action (here and in ``action_fast_path``)."""
    return {"seq": appended.seq, "state": bounded(appended.replay.view()),
            "findings": [f.as_dict() for f in appended.findings]}


@bp.get("/matches/<match_id>/export.json")
@on_own_connection
def export(match_id: str):
    response = jsonify(store.export(_match(match_id)))
    response.headers["Content-Disposition"] = f'attachment; filename="match-{match_id}.json"'
    return response


@bp.post(IMPORT_PATH, provide_automatic_options=False)  # Flask's OPTIONS would name GET: see IMPORT_METHODS
def import_match():
    request.max_content_length = IMPORT_LIMIT
    if not may_create_match(current_app):
        return error(429, "RATE", _("too many new matches from this address: wait a few minutes"))
    data = _json_body()
    try:
        match, token, replay = store.import_match(data)
    except RuleViolation as violation:
        return refused(violation)
    body = {"id": match.id, "scorer_token": token, "links": links(match, token), "state": bounded(replay.view())}
    return jsonify(body), 201


@bp.route(IMPORT_PATH, methods=["OPTIONS", "GET", "PUT", "PATCH", "DELETE"])
def import_by_another_method():
    # Without this rule a GET here is read as the state of a match called "import" (a 404).
    if request.method == "OPTIONS":
        response = current_app.response_class()
        response.headers["Allow"] = ", ".join(IMPORT_METHODS)
        return response
    raise MethodNotAllowed(valid_methods=IMPORT_METHODS)


@bp.get("/matches/<match_id>/log")
@on_own_connection
def event_log(match_id: str):
    return jsonify([entry.as_dict() for entry in store.log(_match(match_id))])


@bp.errorhandler(_TooDeep)
def too_deep(exc):
    return error(422, "ACTION", _("the JSON is nested too deeply"))


@bp.errorhandler(_NotJson)
def not_json(exc):
    # A script that sent good JSON under another type is told the one thing to change.
    return error(422, "ACTION", _("the body was sent as “{type}”: send it as JSON, with Content-Type: "
                                  "application/json", type=(request.mimetype or "—")[:60]))


def _under_api() -> bool:
    # The app-wide handlers answer in the API's JSON only on its paths; pages answer as before.
    return request.path == bp.url_prefix or request.path.startswith(f"{bp.url_prefix}/")


@bp.errorhandler(404)
def not_found(exc):
    return error(404, "NOT_FOUND", _("no such match"))


@bp.app_errorhandler(404)
def no_such_path(exc):
    """A path under /api/ that no rule takes is answered in the API's JSON; elsewhere, as before.
    App-wide: no blueprint is chosen for a path no rule matched."""
    if not _under_api():
        return exc
    return error(404, "NOT_FOUND", _("no such path in the API"))


@bp.app_errorhandler(405)
def method_not_allowed(exc: MethodNotAllowed):
    """A wrong method under /api/ (the score sheet's path too) is refused in JSON like the
    rest of the API; elsewhere, as before. App-wide: a method no rule takes is refused before
    any blueprint is chosen."""
    if not _under_api():
        return exc
    # A method no rule takes (TRACE, say) gets the methods of every rule for the path, GET too.
    import_path = request.path == f"{bp.url_prefix}{IMPORT_PATH}"
    methods = sorted(IMPORT_METHODS if import_path else exc.valid_methods or ())
    # OPTIONS and HEAD are answered on every path: naming them would help nobody.
    named = [m for m in methods if m not in ("OPTIONS", "HEAD")]
    response, status = error(405, "METHOD", _("{method} is not allowed here: use {allowed}",
                                              method=request.method[:20], allowed=any_of(named)))
    response.headers["Allow"] = ", ".join(methods)
    return response, status


@bp.errorhandler(413)
def too_large(exc):
    return error(413, "SIZE", _("the request is too large"))
