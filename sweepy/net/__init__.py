"""The address guard every outgoing connection goes through (the engines' API calls and the link checker):
one list of networks (addresses.py) and DNS pinning (pinning.py), so a hostile board, base_url or redirect
cannot reach loopback, private networks or cloud metadata."""
