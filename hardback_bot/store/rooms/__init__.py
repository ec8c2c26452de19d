"""The store's rooms: its queries grouped by what they serve (docs/store.md). :class:`~..sql.SqlStore` is them all,
over one database."""
