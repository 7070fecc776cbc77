"""The smoke test's screenshot check tells a drawn window from a blank frame."""

import check_screenshot


def _save(qapp, path, draw):
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    image.fill(QColor("#efefef"))
    if draw:
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor("#34388a"))
        painter.drawEllipse(40, 40, 200, 150)
        painter.drawText(20, 260, "UWR Desktop: round 1, Goblin acts next")
        painter.end()
    assert image.save(str(path))
    return path


def test_a_drawn_window_passes(qapp, tmp_path, capsys):
    shot = _save(qapp, tmp_path / "window.png", draw=True)
    assert check_screenshot.main([str(shot)]) == 0
    assert "400x300" in capsys.readouterr().out


def test_a_blank_frame_fails_and_says_why(qapp, tmp_path, capsys):
    shot = _save(qapp, tmp_path / "blank.png", draw=False)
    assert check_screenshot.main([str(shot)]) == 1
    message = capsys.readouterr().err
    assert "1 distinct colours" in message
    assert "100.0%" in message


def test_missing_and_unreadable_files_fail_with_a_message(qapp, tmp_path, capsys):
    assert check_screenshot.main([str(tmp_path / "none.png")]) == 1
    assert "does not exist" in capsys.readouterr().err
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not a picture")
    assert check_screenshot.main([str(junk)]) == 1
    assert "not a readable image" in capsys.readouterr().err


def test_a_tiny_picture_fails():
    figures = check_screenshot.ScreenshotFigures(
        width=40, height=30, distinct_colours=500, dominant_share=0.2
    )
    assert check_screenshot.problems(figures, 16, 0.998) == ["the picture is only 40x30 pixels"]
