from uwr_desktop.core.resource_files import resource_root


def test_resource_root_is_the_shipped_folder():
    assert (resource_root() / "README.md").is_file()
