"""The simulated apps, one module (or package) each; :mod:`mobileagent_sim.apps.catalogue` lists those a
``SimDevice`` installs."""
