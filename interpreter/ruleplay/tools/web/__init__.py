"""`ruleplay serve`: play and edit rule files in the browser (the optional extra `ruleplay[web]`).

app.py is the Starlette app, games.py the server's table of live games, views.py what one seat's
page receives, rulefiles.py the built-ins and uploaded rule files; static/ holds the pages.
"""
