# kernel_config.py as PyPTO writes it (sample): not read by ir-trace.
