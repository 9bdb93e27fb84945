"""Android's contracts, the bottom layer: what the real system and apps define and everything else agrees on.

Per app or system component: package and activity names, database paths and schemas, preference files and
keys, constants, and the file formats the device stores. The simulator implements these contracts, the checks
read them, the suites and the catalogue name them; this package imports nothing else from the project.
"""
