# Board views of the table, one per layout kind (a game's LAYOUT): table.Table imports
# the one in use (views.line, views.tricks,
# views.tableau) and drops it when the kind changes.
