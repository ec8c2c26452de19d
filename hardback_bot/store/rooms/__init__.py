"""The store's rooms: its queries grouped by what they serve (docs/store.md). :class:`~..sql.SqlStore` holds one of
each as an attribute named after its module (``store.games`` is :class:`.games.GamesRoom`), over one database."""
