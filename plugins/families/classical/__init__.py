"""The classical scoring family: points and doublings with limits, and the mechanisms only it uses."""
